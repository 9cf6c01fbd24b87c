/**
 * HS256 session tokens with exp, iss and aud, all checked; the algorithm is allow-listed. Each token
 * has its own id (`jti`), so 'Salir' can end that one session and no other (POST /api/auth/logout);
 * tokens signed before ids existed have none and live until their exp.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const JWT_ISSUER = 'radica';
export const JWT_AUDIENCE = 'radica-web';
const TTL = '12h';

export interface TokenClaims {
  sub: string;
  emp: number;
  rol: string;
  tv: number;
}

/** What a verified token says: its claims, its id (null for a token from before ids) and its expiry. */
export interface VerifiedToken extends TokenClaims {
  jti: string | null;
  /** Seconds since the epoch. */
  exp: number;
}

export async function signToken(key: Uint8Array, claims: TokenClaims, ttl = TTL): Promise<string> {
  return new SignJWT({ emp: claims.emp, rol: claims.rol, tv: claims.tv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(randomUUID())
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(ttl)
    .sign(key);
}

export async function verifyToken(key: Uint8Array, token: string): Promise<VerifiedToken> {
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    requiredClaims: ['exp', 'sub'],
  });
  if (typeof payload.emp !== 'number' || typeof payload.rol !== 'string') {
    throw new Error('invalid claims');
  }
  return {
    sub: String(payload.sub),
    emp: payload.emp,
    rol: payload.rol,
    tv: typeof payload.tv === 'number' ? payload.tv : 0,
    jti: typeof payload.jti === 'string' && payload.jti ? payload.jti : null,
    exp: Number(payload.exp),
  };
}
