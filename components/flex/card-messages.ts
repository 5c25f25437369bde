// The flexibility messages an event card (components/flex/event-card.tsx) and Home's card of
// events (components/home/flex-card.tsx) use: Home sends these, not the whole `flex` namespace (its
// offers, e-mails and predictability are /flexibility's, about 5 KB a render).
import type { Part } from "@/lib/i18n/messages";

export const EVENT_CARD_MESSAGES = [
  "flex.title", "flex.seeAll", "flex.when", "flex.reward", "flex.direction", "flex.directionHint", "flex.status", "flex.takePart", "flex.withdraw",
  "flex.youTakePart", "flex.youTakePartAuto", "flex.notTakingPart", "flex.choicesClosed", "flex.joined", "flex.left", "flex.baseline", "flex.result",
] as const satisfies readonly Part[];
