/** Items in a line of text: '2 × Popcorn, 1 × Cola'. */
export function itemsText(items: readonly { name: string; quantity: number }[]): string {
  return items.map((item) => `${item.quantity} × ${item.name}`).join(', ');
}
