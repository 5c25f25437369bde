// The consent to real-time sharing (docs/sharing.md): what the privacy notice promises, "real-time
// data may be shared via the cloud, with explicit consent under a European project, with a
// transmission-system operator and its IT partners". A household answers one version of its text
// (messages/<locale>/account.json "sharing"); a new version asks again: a consent to an older one
// no longer lets anything out.
export const SHARING_CONSENT = {
  version: 1,
  /** what is shared, as the partner API serves it */
  shares: ["live", "offers", "event_results"] as const,
} as const;
