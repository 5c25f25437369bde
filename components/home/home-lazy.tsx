"use client";
// Home's code loads only for a signed-in household, not with the visitors' landing that '/' also
// renders (see components/landing/landing-lazy.tsx); next/dynamic renders it on the server as before.
import dynamic from "next/dynamic";

export const HomeView = dynamic(() => import("./home-view").then((m) => m.HomeView));
