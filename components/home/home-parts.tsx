"use client";
// The parts of Home that only some households see, each loaded only when it shows: the privacy
// notice (until it is accepted), the live power now (with a device on MQTT) and the energy history
// (with a Linky linked). next/dynamic renders
// them on the server as before and holds a navigation until their code has arrived: no flash.
import dynamic from "next/dynamic";

export const PrivacyNotice = dynamic(() => import("./privacy-notice").then((m) => m.PrivacyNotice));
// the summary and the meters' sync in one chunk: they show together, and share their skeleton
export const EnergyHistory = dynamic(() => import("./energy-history").then((m) => m.EnergyHistory));
// the live power, with a device on MQTT
export const NowCard = dynamic(() => import("./now-card").then((m) => m.NowCard));
// the community's events, when there is one to show
export const FlexCard = dynamic(() => import("./flex-card").then((m) => m.FlexCard));
