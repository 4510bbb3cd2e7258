/**
 * The shapes of the sign-in and sign-up forms. The calls themselves are the light entry's
 * (src/auth/auth-api.ts): sign-in, sign-up and the password pages live there.
 */
export interface LoginInput {
  login: string;
  password: string;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  promotional_offers: boolean;
}
