/**
 * The longest line a transcript's reader joins, in UTF-16 code units, and the longest pretty-printed document it
 * gathers: the command line's input file limit's figure, so a record no other command would read whole is not read
 * whole here either (as text, 64 to 128 MB of memory, and JSON.parse's own copy beside it). A longer line or
 * document is dropped as it arrives and reported by its line number; without a cap, one 2 GB line with no newline
 * would be gathered whole before anything is said. The command line and the page's Check calls hold to the same.
 */
export const MAX_LINE_CHARACTERS = 64 * 1024 * 1024;
