/** Money is integer cents inside and dollars (JSON numbers) at the edge (decisions.md, "Money"). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
