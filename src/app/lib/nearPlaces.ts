/**
 * The parts of one page load: whether each anchor's place has come near the screen (once near, the part's code loads
 * once, for every later page of the load) and the clicks held on a part's markup until it is taken over. The Page
 * value holds one.
 */
export interface NearPlaces {
  places: Map<string, { promise: Promise<void>; resolve: () => void }>;
  watched: WeakSet<Element>;
  held: Map<string, HTMLElement[]>;
}

export function createNearPlaces(): NearPlaces {
  return { places: new Map(), watched: new WeakSet(), held: new Map() };
}

export function place({ places }: NearPlaces, anchorId: string) {
  let known = places.get(anchorId);
  if (!known) {
    let resolve!: () => void;
    const promise = new Promise<void>((settle) => (resolve = settle));
    known = { promise, resolve };
    places.set(anchorId, known);
  }
  return known;
}
