"use client";
import { useId, useState } from "react";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Check from "@mui/icons-material/Check";
import ExpandMore from "@mui/icons-material/ExpandMore";
import { useTranslations } from "use-intl";
import { groupByFolder, type Dashboard } from "@/lib/dashboards/list";

/**
 * 'Change Dashboard': My Energy first, then the dashboards by folder title; the one shown
 * highlighted and checked. `current` null is My Energy.
 */
export function DashboardMenu({ dashboards, current, onChange }: { dashboards: Dashboard[]; current: Dashboard | null; onChange: (d: Dashboard | null) => void }) {
  const t = useTranslations("dashboards");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id={`${id}-button`}
        variant="outlined"
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ flexShrink: 0, width: { xs: "100%", sm: "auto" } }}
      >
        {t("change")}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        variant="selectedMenu"
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ list: { "aria-labelledby": `${id}-button`, dense: true }, paper: { sx: { minWidth: 260, maxHeight: "70vh" } } }}
      >
        <MenuItem
          selected={current === null}
          aria-current={current === null ? "true" : undefined}
          onClick={() => {
            onChange(null);
            close();
          }}
        >
          <ListItemIcon>{current === null && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText>{t("myEnergy")}</ListItemText>
        </MenuItem>
        {groupByFolder(dashboards).flatMap(([folder, items]) => [
          // a menu holds items, groups and separators: the folder's title is a separator that names it
          <ListSubheader key={`folder-${folder}`} role="separator" aria-label={t("folder", { folder })} tabIndex={undefined} sx={{ lineHeight: "36px", fontWeight: 700 }}>
            {folder}
          </ListSubheader>,
          ...items.map((d) => {
            const selected = d.id === current?.id;
            return (
              <MenuItem
                key={d.id}
                selected={selected}
                aria-current={selected ? "true" : undefined}
                onClick={() => {
                  onChange(d);
                  close();
                }}
              >
                <ListItemIcon>{selected && <Check fontSize="small" />}</ListItemIcon>
                <ListItemText>{d.title}</ListItemText>
              </MenuItem>
            );
          }),
        ])}
      </Menu>
    </>
  );
}
