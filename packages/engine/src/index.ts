// The matching engine arrives with issue "02 Live market"; this package is its home.
export const ENGINE_VERSION = '0.0.0';
