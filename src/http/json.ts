// A JSON value as a type: what the OpenAPI document is built and rewritten from.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
