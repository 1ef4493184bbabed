/** What the date_and_time tools share: argument shapes and the value they return. */

export const zoneParam = (description: string) => ({ type: 'string', description });

export const dateParam = (description: string) => ({ type: 'string', description });

/** The value every date tool returns: the headline, what was evaluated and the working. */
export interface ComputedDate {
  answer: string;
  expression: string;
  working?: string;
}
