import type { UserInfo } from '@wingmate/api-contract';

/**
 * The messages left a screen shows for `GET /api/v1/user/info/`: null ("Unlimited") while a subscription runs,
 * since its replies never spend the count; otherwise `remaining_messages`, free messages and packs together
 * (docs/product.md#messages-and-metering).
 */
export function messagesLeftToShow(
  info: Pick<UserInfo, 'remaining_messages' | 'has_subscription'>,
): number | null {
  return info.has_subscription ? null : info.remaining_messages;
}
