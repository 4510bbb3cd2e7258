/**
 * The "Épinglés" card's height, fixed (its list scrolls inside): the card, its loading
 * placeholder and its empty state take the same room, so the business home never moves
 * when the pins arrive (CLS 0, docs/PERFORMANCE.md "Budgets"). Kept apart from the card so
 * the page's placeholder does not pull the lazy card into the page's chunk.
 */
export const PINNED_CARD_HEIGHT = 220;
