"use client";
import { useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import { Admin, AppBar, Layout, LoadingIndicator, Login, LoginForm, Resource, TitlePortal, UserMenu, useGetIdentity, type LayoutProps } from "react-admin";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import PeopleIcon from "@mui/icons-material/People";
import DevicesIcon from "@mui/icons-material/DevicesOther";
import EventIcon from "@mui/icons-material/EventRepeat";
import PlaceIcon from "@mui/icons-material/Place";
import EuroIcon from "@mui/icons-material/Euro";
import HomeIcon from "@mui/icons-material/HomeOutlined";
import BoltIcon from "@mui/icons-material/BoltOutlined";
import HubIcon from "@mui/icons-material/HubOutlined";
import OffersIcon from "@mui/icons-material/SwapVertOutlined";
import CommunityIcon from "@mui/icons-material/Diversity3Outlined";
import { authProvider } from "./auth-provider";
import { dataProvider } from "./data-provider";
import { adminTheme } from "./admin-theme";
import { useAdminI18nProvider } from "./i18n-provider";
import { ColorSchemeSwitch } from "@/components/layout/color-scheme-switch";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { UserCreate, UserEdit, UserList } from "./users";
import { DeviceEdit, DeviceList } from "./devices";
import { ScheduleEdit, ScheduleList, ScheduleShow } from "./schedules";
import { LocationList } from "./locations";
import { TariffCreate, TariffEdit, TariffList, useTariffWords } from "./tariffs";
import { FlexEventCreate, FlexEventList, FlexEventShow } from "./flex-events";
import { FlexOfferList, FlexOfferShow } from "./flex-offers";
import { CommunityScreen } from "./community";
import { PartnerCreate, PartnerList } from "./partners";

/** react-admin's user menu, its button named with the name it shows ("Profile of Ada", WCAG 2.5.3 Label in Name). */
function FoyerUserMenu() {
  const t = useTranslations("admin.app");
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? t("userMenu", { name: identity.fullName }) : undefined} />;
}

function FoyerAppBar() {
  const t = useTranslations("admin.app");
  return (
    // the app's switches: one stored choice of scheme (admin-theme.ts) and of language
    // (i18n-provider.ts) for the app and the back-office
    <AppBar
      color="primary"
      userMenu={<FoyerUserMenu />}
      toolbar={
        <>
          <Box sx={{ display: "flex", alignItems: "center", "& button": { color: "inherit" } }}>
            <LanguageSwitch compact />
            <ColorSchemeSwitch />
          </Box>
          <LoadingIndicator />
        </>
      }
    >
      {/* each screen's title is its page heading; on a phone a long one ends in an ellipsis
          (react-admin nests its text in spans of its own, the outer one an inline-block as wide as the
          text: made blocks, the innermost is where it overflows) */}
      <TitlePortal
        component="h1"
        sx={{ fontSize: { xs: "1.05rem", sm: "1.25rem" }, minWidth: 0, "& span": { display: "block", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }, "& > span.RaConfigurable-root": { display: "block" } }}
      />
      {/* on a phone, its icon alone: the screen's title keeps the room */}
      <Button
        color="inherit"
        href="/"
        aria-label={t("backToFoyer")}
        startIcon={<HomeIcon />}
        sx={{ mr: 1, minWidth: 0, "& .MuiButton-startIcon": { ml: { xs: 0, sm: "-4px" }, mr: { xs: 0, sm: 1 } }, "& .label": { display: { xs: "none", sm: "inline" } } }}
      >
        <span className="label">{t("backToFoyer")}</span>
      </Button>
    </AppBar>
  );
}

/** react-admin's login (after logging out of the back-office), in Foyer's colours, with its heading. */
function FoyerLogin() {
  const t = useTranslations("admin.app");
  return (
    <Login sx={{ backgroundImage: "none", backgroundColor: "background.default", "& .RaLogin-icon": { bgcolor: "primary.main" } }}>
      <Typography component="h1" variant="h6" sx={{ textAlign: "center" }}>
        {t("title")}
      </Typography>
      <LoginForm />
    </Login>
  );
}

function FoyerLayout(props: LayoutProps) {
  return <Layout {...props} appBar={FoyerAppBar} />;
}

/** The back-office (react-admin, hash routes under /admin), on our own /api/v1. */
export default function AdminApp() {
  const t = useTranslations("admin");
  const i18nProvider = useAdminI18nProvider();
  const auth = useMemo(
    () => authProvider({ tooMany: t("auth.tooMany"), incorrect: t("auth.incorrect"), forbidden: t("auth.forbidden"), logIn: t("auth.logIn"), ended: t("auth.ended") }),
    [t],
  );
  const tariff = useTariffWords();
  // a new language renders the back-office anew, where the reader is (its address): react-admin
  // keeps some labels it was first given (a list's columns), so changing its texts alone would not do
  const locale = useLocale();
  return (
    <Admin key={locale} title={t("app.title")} dataProvider={dataProvider} authProvider={auth} i18nProvider={i18nProvider} theme={adminTheme} layout={FoyerLayout} loginPage={FoyerLogin} requireAuth disableTelemetry>
      <Resource name="users" list={UserList} edit={UserEdit} create={UserCreate} icon={PeopleIcon} recordRepresentation="email" />
      <Resource name="devices" list={DeviceList} edit={DeviceEdit} icon={DevicesIcon} recordRepresentation="name" />
      <Resource name="schedules" list={ScheduleList} show={ScheduleShow} edit={ScheduleEdit} icon={EventIcon} recordRepresentation="der_name" />
      <Resource name="locations" list={LocationList} icon={PlaceIcon} recordRepresentation="name" />
      <Resource name="flex_events" list={FlexEventList} show={FlexEventShow} create={FlexEventCreate} icon={BoltIcon} recordRepresentation="title" />
      <Resource name="flex_offers" list={FlexOfferList} show={FlexOfferShow} icon={OffersIcon} recordRepresentation={(r) => `${r.email} · ${r.day} ${r.from}–${r.to}`} />
      <Resource name="community" list={CommunityScreen} icon={CommunityIcon} />
      <Resource name="partners" list={PartnerList} create={PartnerCreate} icon={HubIcon} recordRepresentation="name" />
      <Resource
        name="tariffs"
        list={TariffList}
        edit={TariffEdit}
        create={TariffCreate}
        icon={EuroIcon}
        recordRepresentation={(r) => t("tariffs.representation", { supplier: r.supplier, option: r.option, kva: r.subscribed_kva, date: tariff.dateText(r.valid_from) })}
      />
    </Admin>
  );
}
