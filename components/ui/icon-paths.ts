// Material icons' paths as @mui/icons-material ships them (Apache 2.0), for PlainIcon
// (components/ui/plain-icon.tsx): an icon shown by more than one component is kept here once.

export const PLACE_ICON = "M12 12c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m6-1.8C18 6.57 15.35 4 12 4s-6 2.57-6 6.2c0 2.34 1.95 5.44 6 9.14 4.05-3.7 6-6.8 6-9.14M12 2c4.2 0 8 3.22 8 8.2 0 3.32-2.67 7.25-8 11.8-5.33-4.55-8-8.48-8-11.8C4 5.22 7.8 2 12 2";

/** EditOutlined: a location's and a device's Edit */
export const EDIT_ICON = "m14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z";

/** Add: a page's New or Add */
export const ADD_ICON = "M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z";

/** AddRounded: New schedule */
export const ADD_ROUNDED_ICON = "M18 13h-5v5c0 .55-.45 1-1 1s-1-.45-1-1v-5H6c-.55 0-1-.45-1-1s.45-1 1-1h5V6c0-.55.45-1 1-1s1 .45 1 1v5h5c.55 0 1 .45 1 1s-.45 1-1 1";

/** DeleteOutlineOutlined: a schedule's Delete */
export const DELETE_OUTLINE_ICON = "M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM8 9h8v10H8zm7.5-5-1-1h-5l-1 1H5v2h14V4z";

/** ViewModuleOutlined: the way to My Devices */
export const VIEW_MODULE_ICON = "M3 5v14h18V5zm16 6h-3.33V7H19zm-5.33 0h-3.33V7h3.33zM8.33 7v4H5V7zM5 17v-4h3.33v4zm5.33 0v-4h3.33v4zm5.34 0v-4H19v4z";
