// Colours that follow the colour scheme, for sx props in server and client components alike (the
// theme module is a client module: its exports are references on the server).

/**
 * A faint wash of the primary colour (icon tiles, highlighted panels) that follows the colour
 * scheme: `opacity` 0.14 gives the light scheme's #dcefe6 tiles on white.
 */
export const primaryTint = (opacity = 0.14) => `rgba(var(--mui-palette-primary-mainChannel) / ${opacity})`;
/** The same for the error colour (error blocks). */
export const errorTint = (opacity = 0.06) => `rgba(var(--mui-palette-error-mainChannel) / ${opacity})`;
/** The same for the warning colour (things to fix). */
export const warningTint = (opacity = 0.08) => `rgba(var(--mui-palette-warning-mainChannel) / ${opacity})`;
