/** Longer links break in chat apps, mail clients and address bars; past this, a toolset travels as a file. */
export const MAX_SHARED_LINK_LENGTH = 32_000;
