/**
 * jsdom has no layout: ProseMirror asks Ranges for their rectangles (scrolling the caret into view, placing
 * the mention list) and the document for the element at a point. Empty rectangles are the honest answer
 * without layout. Imported by this folder's tests only.
 */
const emptyRect = () => new DOMRect(0, 0, 0, 0);
const emptyRectList = () => {
  const list: DOMRect[] = [];
  return Object.assign(list, { item: (index: number) => list[index] ?? null }) as unknown as DOMRectList;
};

if (!('getClientRects' in Range.prototype)) {
  Object.assign(Range.prototype, { getClientRects: emptyRectList, getBoundingClientRect: emptyRect });
}
if (!document.elementFromPoint) {
  Object.assign(document, { elementFromPoint: () => null });
}
