"use client";
import {
  BooleanField, BooleanInput, Create, Datagrid, DateField, DeleteWithConfirmButton, Edit, EmailField, List,
  NullableBooleanInput, PasswordInput, SaveButton, SearchInput, SimpleForm, TextField, TextInput, Toolbar,
  email, maxLength, minLength, required, useGetIdentity, useRecordContext,
} from "react-admin";
import Alert from "@mui/material/Alert";

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search e-mail or name" />,
  <NullableBooleanInput key="is_active" source="is_active" label="Active" />,
  <NullableBooleanInput key="is_superuser" source="is_superuser" label="Admin" />,
];

export function UserList() {
  return (
    <List filters={userFilters} sort={{ field: "id", order: "ASC" }} perPage={25}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        <EmailField source="email" />
        <TextField source="first_name" label="First name" />
        <TextField source="last_name" label="Last name" />
        <BooleanField source="is_active" label="Active" />
        <BooleanField source="is_superuser" label="Admin" />
        <BooleanField source="accepted_tos" label="Accepted notice" sortable />
        <DateField source="created_at" label="Created" />
      </Datagrid>
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
