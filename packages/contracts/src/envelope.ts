/** The response envelope of API.md, shared by server and client. */
export interface ListMeta {
  limit: number | null;
  page: number | null;
  start: number;
  has_more: boolean;
  total?: number;
}

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  message?: string;
  meta?: ListMeta;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  code?: string;
  data?: Record<string, string[]>;
  errors?: Record<string, string[]>;
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
