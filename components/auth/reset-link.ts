/** Why a reset link stops working, said where it does (the reset page and its form). */
export const RESET_LINK_SPENT = "A reset link works once, for a limited time.";
