import { z } from 'zod/mini';
import { defineErrors } from '../errorTemplates.ts';

/** Block and Mute (issue 14, members' safety tools): texts the server answers and the web shows. */
export const BLOCK_MESSAGES = {
  blockSelf: 'You cannot block yourself.',
  muteSelf: 'You cannot mute yourself.',
} as const;

export const BLOCK_ERRORS = defineErrors({
  block_self: BLOCK_MESSAGES.blockSelf,
  mute_self: BLOCK_MESSAGES.muteSelf,
});

/** A member in the Blocked accounts or Muted accounts list of /settings/privacy. */
export const blockedMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  avatar_url: z.nullable(z.string()),
  created_at: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/** GET /api/blocks and GET /api/mutes, newest first. */
export const memberListSchema = z.object({ members: z.array(blockedMemberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/** The answer of PUT and DELETE /api/blocks/:userId. */
export const blockStateSchema = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

/** The answer of PUT and DELETE /api/mutes/:userId. */
export const muteStateSchema = z.object({ muted: z.boolean() });
export type MuteState = z.infer<typeof muteStateSchema>;
