import type { LoginResponse } from '@app/contracts/auth';
import type { MouseEvent } from 'react';
import type { SignInNotice } from '../lib/session/sign-in-handoff';
import type { AuthApi } from './auth-api';
import type { AuthWords } from './auth-words';

/** What every screen of the light sign-in page gets from main.tsx. */
export interface AuthContext {
  words: AuthWords;
  /** The page's language (sign-up's own check answers in it). */
  language: string;
  api: AuthApi;
  /** The page's query (`redirect`, `force`, `id`…). */
  search: string;
  /** Opens an address: a page of this entry in place, any other with a full page load. */
  go(to: string, options?: { replace?: boolean; notice?: SignInNotice }): void;
  /** A link's click: in place when it leads to a page of this entry. */
  follow(event: MouseEvent<HTMLAnchorElement>): void;
  /** A sign-in answer: stores the account and loads the app. */
  signedIn(response: LoginResponse): void;
}
