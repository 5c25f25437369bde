import type { Metadata } from "next";
import Box from "@mui/material/Box";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { env } from "@/lib/env";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";

export const metadata: Metadata = { title: "Data Privacy Policy" };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography variant="h2" sx={{ fontSize: { xs: "1.2rem", sm: "1.35rem" }, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const P = ({ children }: { children: React.ReactNode }) => <Typography sx={{ mb: 1.5, lineHeight: 1.7 }}>{children}</Typography>;

export default function PrivacyPage() {
  const contact = env().CONTACT_EMAIL;
  const mail = (
    <MuiLink href={`mailto:${contact}`} underline="always">
      {contact}
    </MuiLink>
  );
  return (
    <Paper component="article" variant="outlined" sx={{ maxWidth: 820, mx: "auto", p: { xs: 2.5, sm: 5 }, "& ul": { pl: 3, mt: 0, mb: 1.5, lineHeight: 1.7 } }}>
      <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700 }}>
        Foyer · home energy community
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 1 }}>
        Data Privacy Policy
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Version {PRIVACY_NOTICE.version} · in effect since {PRIVACY_NOTICE.date}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        This policy explains which data Foyer collects about your home, why, with whom it may be shared and how you stay in control of it.
      </Typography>

      <Section title="1. Who is responsible">
        <P>
          Foyer is run by the energy-services provider of your home energy community, which is the controller of your personal data. For any question about this policy or your data,
          write to {mail}.
        </P>
      </Section>

      <Section title="2. The data we collect">
        <Box component="ul">
          <li>Your account: e-mail address, first and last name, and a hash of your password (never the password itself).</li>
          <li>Your home: the locations you add (name, country, latitude and longitude) and the devices and measurement channels you register.</li>
          <li>
            Energy data: the consumption and production readings of your meters and devices, received from the integrations you link (for example your Linky meter through the grid
            operator, or your Legrand or Netatmo account).
          </li>
          <li>The flexibility schedules you plan for your appliances, battery or other energy resources.</li>
          <li>The access keys of your linked integrations, stored encrypted and never shown to anyone.</li>
        </Box>
      </Section>

      <Section title="3. What we use it for">
        <P>We use your data only to provide the service of the energy community:</P>
        <Box component="ul">
          <li>monitoring of your energy, your power and your carbon footprint;</li>
          <li>calculating your flexibility baseline and the flexibility you can offer;</li>
          <li>energy price benchmarks, so that you can compare and choose when to use energy.</li>
        </Box>
        <P>We do not sell your data and we do not use it for advertising.</P>
      </Section>

      <Section title="4. Our principles">
        <P>
          Your data is processed following European data-protection principles (the General Data Protection Regulation, GDPR): lawfulness, fairness and transparency, a clear purpose,
          as little data as needed, accuracy, limited storage, and integrity and confidentiality. We process it on the basis of the service you asked for and, where this policy says
          so, of your explicit consent, which you can withdraw at any time.
        </P>
      </Section>

      <Section title="5. Sharing real-time data">
        <P>
          Under a European project, and only with your explicit consent, real-time data of your home may be shared via the cloud with a transmission system operator and its IT
          partners, so that the flexibility of households can support the electricity grid. Nothing is shared without that consent, and you can withdraw it by writing to {mail}.
        </P>
      </Section>

      <Section title="6. Your history: export and cancellation">
        <P>
          On request, we export the history of your data as a flat CSV file or in the IEC 62746-4 format (a standard exchange format for energy flexibility data). To cancel your data
          history, ask for it by e-mail to {mail}; we then erase it, as well as your account if you wish.
        </P>
        <P>
          You can also do both yourself, at any time, in My Account: download the history of your meters (a CSV file, or an XML file modelled on IEC 62746-4), and delete your
          account. Deleting your account erases at once your profile and all the data of your home (meters and their readings, devices, locations, schedules and
          integrations), asks the vendors that allow it to revoke Foyer&apos;s access and forgets the access keys of the others. It cannot be undone. Unlinking a single
          integration lets you choose to keep its history or to delete its data too.
        </P>
      </Section>

      <Section title="7. Your rights">
        <P>
          You may access your data, have it corrected, erased or exported, restrict or object to its processing, and withdraw a consent you gave. Write to {mail}: we answer within one
          month. You may also lodge a complaint with the data-protection authority of your country.
        </P>
      </Section>

      <Section title="8. How long we keep it and how we protect it">
        <P>
          We keep your data while your account is open, and delete it when you cancel your data history or close your account. Passwords are stored only as salted hashes, the keys
          of your integrations are encrypted, and only you (and the administrators of the service) can see the data of your home.
        </P>
      </Section>

      <Section title="9. Cookies">
        <P>Foyer sets only the cookies it needs to work, all of them first-party:</P>
        <Box component="ul">
          <li>the session cookie (<code>next-auth.session-token</code>), which keeps you signed in until you log out or it expires;</li>
          <li>a security cookie (<code>next-auth.csrf-token</code>), which proves that a sign-in form was sent from Foyer itself;</li>
          <li>the return address (<code>next-auth.callback-url</code>), the page you go back to after signing in.</li>
        </Box>
        <P>
          Over HTTPS their names start with <code>__Secure-</code> or <code>__Host-</code>. There are no advertising or tracking cookies, and no third-party fonts or scripts.
        </P>
      </Section>

      <Section title="10. Changes to this policy">
        <P>
          When this policy or the privacy notice changes, the notice is shown to you again, once, with what changed, so that you can accept the new version. We keep which
          version you accepted.
        </P>
        <Box component="ul">
          <li>
            Version {PRIVACY_NOTICE.version}, {PRIVACY_NOTICE.date}: {PRIVACY_NOTICE.changes}
          </li>
          <li>Version 1: export and erasure of your history on request by e-mail.</li>
        </Box>
      </Section>
    </Paper>
  );
}
