"use client";
// '/' shows the landing to visitors and Home to households, from one page: whatever its server
// components import loads with it whichever it renders. Behind next/dynamic, the landing's code
// (next/image, its layout and icons) loads only when it is rendered, on the server as before.
import dynamic from "next/dynamic";

export const LandingDynamic = dynamic(() => import("./landing-page").then((m) => m.LandingPage));
