// A piece of SQL as a plain value: its text and the parameters of its placeholders, in order.
export interface SqlFragment {
  readonly sql: string;
  readonly params: readonly (string | number)[];
}
