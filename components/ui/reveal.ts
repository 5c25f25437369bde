/**
 * A field about to take the focus first asks whatever hides it to show it: the event bubbles from
 * the field, and a folded part around it (components/devices/advanced-part.tsx) opens and gives its
 * field in error the focus once fully open, since a hidden (inert) field cannot take it now.
 */
export const REVEAL_EVENT = "foyer:reveal";

/** Focuses `el`, having asked what hides it to show it. */
export function focusField(el: HTMLElement) {
  el.dispatchEvent(new Event(REVEAL_EVENT, { bubbles: true }));
  el.focus();
}
