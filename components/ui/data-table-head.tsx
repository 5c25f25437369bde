"use client";
import { useTranslations } from "use-intl";
import s from "./data-table.module.css";

/**
 * The header row of a data table (a `<table className={s.table}>` of data-table.module.css): its
 * columns, bold on a tint, and (`actions`) a last column of row buttons named 'Actions' for screen
 * readers.
 */
export function DataTableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  const t = useTranslations("common.ui");
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        {actions && (
          <th scope="col" className={s.end}>
            <span className={s.hidden}>{t("actions")}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
