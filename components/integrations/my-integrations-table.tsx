"use client";
import { Tag } from "@/components/ui/tag";
import { Text } from "@/components/ui/text";
import { useLocale, useTranslations } from "use-intl";
import { integrationLabel } from "@/components/ui/labels";
import { day, meterIds, type IntegrationView } from "./integration-view";
import { SandboxChip } from "./sandbox-chip";
import s from "./home-integrations.module.css";
import f from "@/components/ui/facts.module.css";

/** The meter column: a linky's usage points, none for netatmo (and any account without meters). */
function meterCell(i: IntegrationView): string | null {
  if (i.name === "netatmo") return null;
  const ids = meterIds(i.resource);
  return ids.length ? ids.join(", ") : null;
}

function Marks({ integration: i }: { integration: IntegrationView }) {
  const t = useTranslations("integrations.table");
  return (
    <>
      {i.needs_relink && <Tag color="warning" variant="outlined" label={t("needsRelink")} textInk />}
      {i.sandbox && <SandboxChip />}
    </>
  );
}

/**
 * Variant B's 'My Integrations' table: name, meter ids, created and last updated (dd MMM yyyy).
 * A phone gets the same facts as one small card per integration (the table shows from 600 px up).
 */
export function MyIntegrationsTable({ integrations }: { integrations: IntegrationView[] }) {
  const t = useTranslations("integrations.table");
  const tcommon = useTranslations("common");
  const locale = useLocale();
  // the specification's names ('Linky grid-operator meter'...), in the reader's language; an unknown name as it is
  const label = (name: string) => integrationLabel(name, tcommon);
  const meters = (i: IntegrationView) => meterCell(i) ?? t("notAvailable");
  return (
    <>
      <ul className={s.cards}>
        {integrations.map((i) => (
          <li key={i.id} className={s.card}>
            <div className={s.cardHead}>
              <Text component="span" className={s.name}>
                {label(i.name)}
              </Text>
              <Marks integration={i} />
            </div>
            <dl className={f.facts}>
              <dt>{t("meterIds")}</dt>
              <dd>{meters(i)}</dd>
              <dt>{t("created")}</dt>
              <dd>{day(i.created_at, locale)}</dd>
              <dt>{t("lastUpdated")}</dt>
              <dd>{day(i.updated_at, locale)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {/* MUI's small Table drawn on a plain <table> (its six components cost this page about 3 KiB) */}
      <div className={s.tableBox}>
        <table aria-labelledby="my-integrations-title" className={s.table}>
          <thead>
            <tr>
              <th scope="col">{t("name")}</th>
              <th scope="col">{t("meterIds")}</th>
              <th scope="col">{t("created")}</th>
              <th scope="col">{t("lastUpdated")}</th>
            </tr>
          </thead>
          <tbody>
            {integrations.map((i) => (
              <tr key={i.id}>
                <td>
                  <div className={s.nameCell}>
                    <Text component="span" className={s.name}>
                      {label(i.name)}
                    </Text>
                    <Marks integration={i} />
                  </div>
                </td>
                <td className={i.name === "netatmo" || !i.resource ? `${s.meters} ${s.muted}` : s.meters}>{meters(i)}</td>
                <td className={s.date}>{day(i.created_at, locale)}</td>
                <td className={s.date}>{day(i.updated_at, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
