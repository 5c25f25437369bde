"use client";
import { Admin, AppBar, Layout, Login, Resource, TitlePortal, defaultTheme, type LayoutProps } from "react-admin";
import Button from "@mui/material/Button";
import PeopleIcon from "@mui/icons-material/People";
import DevicesIcon from "@mui/icons-material/DevicesOther";
import EventIcon from "@mui/icons-material/EventRepeat";
import PlaceIcon from "@mui/icons-material/Place";
import EuroIcon from "@mui/icons-material/Euro";
import { red } from "@mui/material/colors";
import { authProvider } from "./auth-provider";
import { dataProvider } from "./data-provider";
import { UserCreate, UserEdit, UserList } from "./users";
import { DeviceEdit, DeviceList } from "./devices";
import { ScheduleEdit, ScheduleList, ScheduleShow } from "./schedules";
import { LocationList } from "./locations";
import { dateText, TariffCreate, TariffEdit, TariffList } from "./tariffs";

const theme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    mode: "light" as const,
    primary: { main: "#1b6b4f" },
    secondary: { main: "#1b6b4f" },
    // react-admin's Delete is error-coloured text: MUI's default red reads at 3.8:1 on a grey background
    error: { main: red[900] },
  },
};

function FoyerAppBar() {
  return (
    <AppBar>
      {/* each screen's title is its page heading */}
      <TitlePortal component="h1" />
      <Button color="inherit" href="/" sx={{ mr: 1 }}>
        Back to Foyer
      </Button>
    </AppBar>
  );
}

/** react-admin's login (after logging out of the back-office), in Foyer's colours. */
function FoyerLogin() {
  return <Login sx={{ backgroundImage: "none", backgroundColor: "#e8f1ec" }} />;
}

function FoyerLayout(props: LayoutProps) {
  return <Layout {...props} appBar={FoyerAppBar} />;
}

/** The back-office (react-admin, hash routes under /admin), on our own /api/v1. */
export default function AdminApp() {
  return (
    <Admin title="Foyer admin" dataProvider={dataProvider} authProvider={authProvider} theme={theme} layout={FoyerLayout} loginPage={FoyerLogin} requireAuth disableTelemetry>
      <Resource name="users" list={UserList} edit={UserEdit} create={UserCreate} icon={PeopleIcon} recordRepresentation="email" />
      <Resource name="devices" list={DeviceList} edit={DeviceEdit} icon={DevicesIcon} recordRepresentation="name" />
      <Resource name="schedules" list={ScheduleList} show={ScheduleShow} edit={ScheduleEdit} icon={EventIcon} recordRepresentation="der_name" />
      <Resource name="locations" list={LocationList} icon={PlaceIcon} recordRepresentation="name" />
      <Resource
        name="tariffs"
        list={TariffList}
        edit={TariffEdit}
        create={TariffCreate}
        icon={EuroIcon}
        recordRepresentation={(r) => `${r.supplier} ${r.option} ${r.subscribed_kva} kVA from ${dateText(r.valid_from)}`}
      />
    </Admin>
  );
}
