"use client";
import { useState } from "react";
import IconButton from "@mui/material/IconButton";
import Box from "@mui/material/Box";
import { TextField, type TextFieldProps } from "@/components/ui/text-field";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { useTranslations } from "use-intl";

/** A password TextField with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<TextFieldProps, "type" | "slotProps">) {
  const t = useTranslations("common.ui");
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      slotProps={{
        input: {
          endAdornment: (
            // MUI's InputAdornment (position end) as it lays out, without its code
            <Box component="span" sx={{ display: "flex", alignItems: "center", height: "0.01em", maxHeight: "2em", whiteSpace: "nowrap", ml: 1, color: "action.active" }}>
              <IconButton
                aria-label={visible ? t("hidePassword") : t("showPassword")}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </Box>
          ),
        },
      }}
    />
  );
}
