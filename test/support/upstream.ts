/** The loopback upstream lives in the product (src/verify/upstream.ts); the conformance suite shares it. */
export {
  type ContentBlock,
  type RecordedRequest,
  startTrap,
  startUpstream,
  type Trap,
  type TrappedConnection,
  type Turn,
  type Upstream,
} from "../../src/verify/upstream.js";
