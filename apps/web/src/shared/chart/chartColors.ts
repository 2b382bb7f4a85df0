/** Rising and falling colours shared by candles, the line and trade markers. */
export const UP_COLOR = '#0ecb81';
export const DOWN_COLOR = '#f6465d';
