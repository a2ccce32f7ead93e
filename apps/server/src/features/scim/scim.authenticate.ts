import { sha256 } from '../../platform/auth/tokens';
import { type District, type ScimCore, ScimError } from './scim.core';

/** The district's SCIM bearer token (issue 30 §3): hashed at rest, bound to the path's district. */
export function authenticationUseCases(core: ScimCore) {
  const { repo } = core;
  return {
    /** The district the bearer token opens: the path's district and the token must agree (else 401). */
    async authenticate(districtParam: string, authorization: string | undefined): Promise<District> {
      const token = /^Bearer\s+(\S{20,300})$/i.exec(authorization ?? '')?.[1];
      const clientId = /^\d{1,9}$/.test(districtParam) ? Number(districtParam) : null;
      const district = token && clientId ? await repo.districtOfToken(clientId, sha256(token)) : null;
      if (!district) throw new ScimError(401, 'Send the district’s SCIM bearer token.');
      return district;
    },
  };
}
