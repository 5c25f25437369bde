"use client";
import {
  BooleanField, BooleanInput, Create, Datagrid, DeleteWithConfirmButton, Edit, FunctionField, List,
  NullableBooleanInput, PasswordInput, SaveButton, SearchInput, SimpleForm, SimpleList, TextField, TextInput, Toolbar,
  email, maxLength, minLength, required, useGetIdentity, useRecordContext,
  type RaRecord,
} from "react-admin";
import Alert from "@mui/material/Alert";
import { useSmallScreen } from "./small-screen";
import { dayText } from "@/components/ui/dates";

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search e-mail or name" />,
  <NullableBooleanInput key="is_active" source="is_active" label="Active" />,
  <NullableBooleanInput key="is_superuser" source="is_superuser" label="Admin" />,
];

type UserRow = RaRecord & { email: string; first_name: string | null; last_name: string | null; is_active: boolean; is_superuser: boolean; created_at: string };

export function UserList() {
  // a phone gets one line per user rather than a table wider than the screen
  const small = useSmallScreen();
  return (
    <List filters={userFilters} sort={{ field: "id", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList
          linkType="edit"
          primaryText={(r: UserRow) => r.email}
          secondaryText={(r: UserRow) => [r.first_name, r.last_name].filter(Boolean).join(" ") || "No name"}
          tertiaryText={(r: UserRow) => [r.is_superuser && "Admin", !r.is_active && "Inactive", dayText(new Date(r.created_at))].filter(Boolean).join(" · ")}
        />
      ) : (
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        {/* the e-mail opens the user, like the rest of the row (not a mailto: link) */}
        <TextField source="email" />
        <TextField source="first_name" label="First name" />
        <TextField source="last_name" label="Last name" />
        <BooleanField source="is_active" label="Active" />
        <BooleanField source="is_superuser" label="Admin" />
        <BooleanField source="accepted_tos" label="Accepted notice" sortable />
        <FunctionField source="created_at" label="Created" render={(r: UserRow) => dayText(new Date(r.created_at))} />
      </Datagrid>
      )}
    </List>
  );
}

const validatePassword = [minLength(8, "Password must be at least 8 characters"), maxLength(72, "Password must be at most 72 bytes")];

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
  return (
    <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
      <SaveButton />
      {!self && <DeleteWithConfirmButton confirmTitle="Delete this user?" confirmContent="The user and everything they own (locations, devices, schedules, integrations) will be removed." />}
    </Toolbar>
  );
}

function SelfGuard() {
  const self = useIsSelf();
  return self ? (
    <Alert severity="info" sx={{ mb: 2, width: "100%" }}>
      This is your own account: you cannot remove your admin role, deactivate or delete it from here.
    </Alert>
  ) : null;
}

function RoleInputs() {
  const self = useIsSelf();
  return (
    <>
      <BooleanInput source="is_active" label="Active" disabled={self} />
      <BooleanInput source="is_superuser" label="Admin" disabled={self} />
    </>
  );
}

export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={dropEmptyPassword}>
      <SimpleForm toolbar={<UserEditToolbar />}>
        <SelfGuard />
        <TextInput source="email" validate={[required(), email()]} fullWidth />
        <TextInput source="first_name" label="First name" />
        <TextInput source="last_name" label="Last name" />
        <RoleInputs />
        <PasswordInput source="password" label="New password" helperText="Leave empty to keep the current password" validate={validatePassword} />
      </SimpleForm>
    </Edit>
  );
}

export function UserCreate() {
  return (
    <Create redirect="list">
      <SimpleForm>
        <TextInput source="email" validate={[required(), email()]} fullWidth />
        <PasswordInput source="password" validate={[required(), ...validatePassword]} />
        <TextInput source="first_name" label="First name" />
        <TextInput source="last_name" label="Last name" />
        <BooleanInput source="is_active" label="Active" defaultValue={true} />
        <BooleanInput source="is_superuser" label="Admin" defaultValue={false} />
      </SimpleForm>
    </Create>
  );
}
