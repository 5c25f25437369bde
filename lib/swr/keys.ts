// The SWR keys (API URLs) of the data a page shows first. Plain constants, importable both by the
// client hooks and by server pages, which render that data and hand it to SWR as its fallback
// (lib/http/prefetch.ts): the key a page prefetches is the key its hook reads.

export const DEVICE_INFO_URL = "/api/v1/device_info/";
export const userDevicesUrl = (ownerId: number) => `/api/v1/user_devices?owner_id=${ownerId}`;
export const LOCATIONS_URL = "/api/v1/locations";
export const MY_LOCATIONS_URL = "/api/v1/locations/my";
export const SCHEDULES_URL = "/api/v1/schedules";
/** The admin's owner names for the schedules (every user, one page) */
export const SCHEDULE_OWNERS_URL = "/api/v1/users?_end=1000";
/** One device, one My Devices card, one location: their pages and edit forms read them first. */
export const deviceInfoUrl = (id: number) => `/api/v1/device_info/${id}`;
export const userDeviceUrl = (id: number) => `/api/v1/user_devices/${id}`;
export const locationUrl = (id: number) => `/api/v1/locations/${id}`;
export const METERS_URL = "/api/v1/meters";
export const ENERGY_SUMMARY_URL = "/api/v1/energy/summary";
export const ARCHIVES_URL = "/api/v1/users/me/archives";
export const DELETION_SUMMARY_URL = "/api/v1/users/me/deletion";
/** Home's Now card: the household's live power, from its devices' MQTT readings. */
export const ENERGY_NOW_URL = "/api/v1/energy/now";
/** A device's live telemetry: its MQTT access (GET/PUT) and its latest readings (the device page's Connect and Live panels). */
export const deviceMqttUrl = (id: number) => `${deviceInfoUrl(id)}/mqtt`;
export const deviceLiveUrl = (id: number) => `${deviceInfoUrl(id)}/live`;
/** Home's community events card (lib/swr/use-flex.ts): the three soonest events to come, and the last past one. */
export const FLEX_HOME_OPEN_URL = "/api/v1/flexibility/events?only=open&_end=3";
export const FLEX_HOME_PAST_URL = "/api/v1/flexibility/events?only=past&_end=1";
/** The household's flexibility setting and predictability. */
export const FLEX_SETTINGS_URL = "/api/v1/flexibility";
/** /flexibility's offers: the coming week (its drafts prepared from the schedules as they are now) */
export const FLEX_OFFERS_URL = "/api/v1/flexibility/offers";
/** The /flexibility page's lists: the events to come, and the past ones (the newest 50). */
export const FLEX_OPEN_URL = "/api/v1/flexibility/events?only=open";
export const FLEX_PAST_URL = "/api/v1/flexibility/events?only=past&_end=50";
/** My Account's real-time sharing: the consent, and what partners read. */
export const SHARING_URL = "/api/v1/users/me/sharing";
export const SHARING_LOG_URL = "/api/v1/users/me/sharing/log";
/** My Account's household profile, and My Energy's comparison and community share (docs/community.md). */
export const HOUSEHOLD_URL = "/api/v1/users/me/household";
export const HOMES_LIKE_MINE_URL = "/api/v1/users/me/homes_like_mine";
export const MY_COMMUNITY_URL = "/api/v1/users/me/community";
