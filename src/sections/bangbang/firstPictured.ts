/** Index of the first list item that has pictures (its first picture is the list's eager one), -1 when none. */
export function firstPictured(items: readonly { pictures: readonly string[] }[]): number {
  return items.findIndex((i) => i.pictures.length > 0);
}
