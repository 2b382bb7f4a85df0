/** Position (and closing order) ids are taken one block at a time from `futures_position_ids`. */
export const POSITION_ID_BLOCK = 10_000;
