/**
 * The width from which the form and the editor sit side by side (styles.css, `.playground-panes`): the editor is then
 * on a tool page's first screen. Narrower, the editor sits below the form and Monaco waits for its place.
 */
export const PANES_SIDE_BY_SIDE = '(min-width: 901px)';
