"use client";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";

/**
 * Whether a list shows as one line per record (react-admin's SimpleList) rather than a table
 * wider than the screen: phones and small tablets. One breakpoint for every back-office list.
 */
export const useSmallScreen = () => useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
