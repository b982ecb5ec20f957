import { z } from "zod";
import { isoDateTime } from "@/lib/validation/responses";

/** Passkeys (WebAuthn, issue 60): request and response schemas of /api/users/me/passkeys and /api/auth/passkey. */

/** At most this many passkeys per member. */
export const PASSKEYS_MAX = 20;
export const PASSKEY_NAME_MAX = 64;

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

const transportsSchema = z.array(z.string().max(32)).max(10);

/** What `startRegistration()` of @simplewebauthn/browser answers (RegistrationResponseJSON). */
export const registrationResponseSchema = z
  .looseObject({
    id: b64url(1024),
    rawId: b64url(1024),
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: b64url(8192),
      attestationObject: b64url(32768),
      transports: transportsSchema.optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  })
  .meta({
    id: "PasskeyRegistrationResponse",
    description: "RegistrationResponseJSON, as @simplewebauthn/browser's startRegistration() answers it",
  });

/** What `startAuthentication()` of @simplewebauthn/browser answers (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z
  .looseObject({
    id: b64url(1024),
    rawId: b64url(1024),
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: b64url(8192),
      authenticatorData: b64url(8192),
      signature: b64url(2048),
      userHandle: z.string().max(1024).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  })
  .meta({
    id: "PasskeyAuthenticationResponse",
    description: "AuthenticationResponseJSON, as @simplewebauthn/browser's startAuthentication() answers it",
  });

const nameSchema = z.string().trim().min(1).max(PASSKEY_NAME_MAX);

export const passkeyRegisterSchema = z
  .object({
    response: registrationResponseSchema,
    name: nameSchema.optional().meta({ description: "what the member calls it (default: Passkey N)" }),
  })
  .meta({ id: "PasskeyRegisterInput" });

export const passkeyRenameSchema = z.object({ name: nameSchema }).meta({ id: "PasskeyRenameInput" });

export const passkeySignInOptionsSchema = z
  .object({
    username: z
      .string()
      .trim()
      .max(254)
      .optional()
      .meta({ description: "a username or email: the options then list that member's passkeys (without: any passkey of this site)" }),
  })
  .meta({ id: "PasskeySignInOptionsInput" });

export const passkeySignInSchema = z.object({ response: authenticationResponseSchema }).meta({ id: "PasskeySignInInput" });

export const passkeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    transports: z.array(z.string()),
    createdAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable(),
  })
  .meta({ id: "Passkey" });

/** The options for the browser's navigator.credentials.create()/get() (PublicKeyCredential*OptionsJSON). */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string(), timeout: z.number().optional() }).meta({
  id: "PasskeyOptions",
  description: "PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON (pass to @simplewebauthn/browser)",
});

export const passkeyDeletedSchema = z.object({ deleted: z.literal(true) }).meta({ id: "PasskeyDeleted" });

export type PasskeyDto = z.infer<typeof passkeySchema>;
export type RegistrationResponseInput = z.output<typeof registrationResponseSchema>;
export type AuthenticationResponseInput = z.output<typeof authenticationResponseSchema>;
