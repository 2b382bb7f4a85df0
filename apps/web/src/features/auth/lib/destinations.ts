/** Where a visitor lands right after logging in or finishing sign-up (spec 1 §2). */
export function destinationAfterAuth(isVerified: string | null): string {
  return isVerified === 'true' ? '/spot-trading' : '/';
}

/** Where an already signed-in visitor opening /login is sent (spec 1 §2, §6). */
export function destinationForSignedIn(verified: boolean): string {
  return verified ? '/spot-trading' : '/account/profile/verify';
}

export function loginPasswordStepUrl(email: string): string {
  return `/login?${new URLSearchParams({ step: 'password', email }).toString()}`;
}

export function signupVerifyStepUrl(email: string): string {
  return `/signup?${new URLSearchParams({ step: 'verify', email }).toString()}`;
}
