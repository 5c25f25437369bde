"use client";
import { useMemo } from "react";
import {
  BooleanField, BooleanInput, Create, Datagrid, DeleteWithConfirmButton, Edit, FunctionField, List,
  NullableBooleanInput, PasswordInput, SaveButton, SearchInput, SimpleForm, SimpleList, TextField, TextInput, Toolbar,
  email, maxLength, minLength, required, useGetIdentity, useRecordContext,
  type RaRecord,
} from "react-admin";
import Alert from "@mui/material/Alert";
import { useLocale, useTranslations } from "use-intl";
import { useSmallScreen } from "./small-screen";
import { dayText } from "@/components/ui/dates";

function useUserFilters() {
  const t = useTranslations("admin.users");
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t("search")} />,
    <NullableBooleanInput key="is_active" source="is_active" label={t("active")} />,
    <NullableBooleanInput key="is_superuser" source="is_superuser" label={t("admin")} />,
  ];
}

type UserRow = RaRecord & { email: string; first_name: string | null; last_name: string | null; is_active: boolean; is_superuser: boolean; created_at: string };

export function UserList() {
  // a phone gets one line per user rather than a table wider than the screen
  const small = useSmallScreen();
  const t = useTranslations("admin.users");
  const locale = useLocale();
  return (
    <List filters={useUserFilters()} sort={{ field: "id", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList
          linkType="edit"
          primaryText={(r: UserRow) => r.email}
          secondaryText={(r: UserRow) => [r.first_name, r.last_name].filter(Boolean).join(" ") || t("noName")}
          tertiaryText={(r: UserRow) => [r.is_superuser && t("admin"), !r.is_active && t("inactive"), dayText(new Date(r.created_at), locale)].filter(Boolean).join(" · ")}
        />
      ) : (
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        {/* the e-mail opens the user, like the rest of the row (not a mailto: link) */}
        <TextField source="email" />
        <TextField source="first_name" label={t("firstName")} />
        <TextField source="last_name" label={t("lastName")} />
        <BooleanField source="is_active" label={t("active")} />
        <BooleanField source="is_superuser" label={t("admin")} />
        <BooleanField source="accepted_tos" label={t("acceptedNotice")} sortable />
        <FunctionField source="created_at" label={t("created")} render={(r: UserRow) => dayText(new Date(r.created_at), locale)} />
      </Datagrid>
      )}
    </List>
  );
}

function useValidatePassword() {
  const t = useTranslations("admin.users");
  return useMemo(() => [minLength(8, t("passwordMin")), maxLength(72, t("passwordMax"))], [t]);
}

/** Leaves the password out when the field is empty (no change). */
const dropEmptyPassword = (data: Record<string, unknown>) => {
  const { password, ...rest } = data;
  return password ? { ...rest, password } : rest;
};

function useIsSelf() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  return Boolean(record && identity && record.id === identity.id);
}

function UserEditToolbar() {
  const self = useIsSelf();
  const t = useTranslations("admin.users");
  return (
    <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
      <SaveButton />
      {!self && <DeleteWithConfirmButton confirmTitle={t("deleteTitle")} confirmContent={t("deleteText")} />}
    </Toolbar>
  );
}

function SelfGuard() {
  const self = useIsSelf();
  const t = useTranslations("admin.users");
  return self ? (
    <Alert severity="info" sx={{ mb: 2, width: "100%" }}>
      {t("self")}
    </Alert>
  ) : null;
}

function RoleInputs() {
  const self = useIsSelf();
  const t = useTranslations("admin.users");
  return (
    <>
      <BooleanInput source="is_active" label={t("active")} disabled={self} />
      <BooleanInput source="is_superuser" label={t("admin")} disabled={self} />
    </>
  );
}

export function UserEdit() {
  const t = useTranslations("admin.users");
  const validatePassword = useValidatePassword();
  return (
    <Edit mutationMode="pessimistic" transform={dropEmptyPassword}>
      <SimpleForm toolbar={<UserEditToolbar />}>
        <SelfGuard />
        <TextInput source="email" validate={[required(), email()]} fullWidth />
        <TextInput source="first_name" label={t("firstName")} />
        <TextInput source="last_name" label={t("lastName")} />
        <RoleInputs />
        <PasswordInput source="password" label={t("newPassword")} helperText={t("newPasswordHelp")} validate={validatePassword} />
      </SimpleForm>
    </Edit>
  );
}

export function UserCreate() {
  const t = useTranslations("admin.users");
  const validatePassword = useValidatePassword();
  return (
    <Create redirect="list">
      <SimpleForm>
        <TextInput source="email" validate={[required(), email()]} fullWidth />
        <PasswordInput source="password" validate={[required(), ...validatePassword]} />
        <TextInput source="first_name" label={t("firstName")} />
        <TextInput source="last_name" label={t("lastName")} />
        <BooleanInput source="is_active" label={t("active")} defaultValue={true} />
        <BooleanInput source="is_superuser" label={t("admin")} defaultValue={false} />
      </SimpleForm>
    </Create>
  );
}
