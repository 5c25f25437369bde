"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import Button, { type ButtonProps } from "@mui/material/Button";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { send } from "@/lib/swr/fetcher";
import { revalidateDevices } from "@/lib/swr/use-devices";
import { useToast } from "@/components/ui/toast-provider";
import { lazyWhenOpen } from "./lazy";

const ConfirmDialog = lazyWhenOpen(() => import("./confirm-dialog").then((m) => m.ConfirmDialog));

/**
 * Deletes a device after a confirmation: DELETE `url`, the toast 'Device deleted' (in the page's
 * language: the "devices" messages), back to `listHref`. `children` is the button's text;
 * `confirmText` says what goes with the device.
 */
export function DeleteDeviceButton({
  url,
  listHref,
  confirmText,
  children,
  ...props
}: { url: string; listHref: string; confirmText: string; children: React.ReactNode } & Omit<ButtonProps, "onClick" | "children">) {
  const t = useTranslations("devices.delete");
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="error" startIcon={<DeleteOutlined />} {...props} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        title={t("title")}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await send("DELETE", url);
          toast.success(t("done"));
          router.push(listHref);
          await revalidateDevices(url);
        }}
      >
        {confirmText}
      </ConfirmDialog>
    </>
  );
}
