// Undefined constructors make simple-peer report WEBRTC_SUPPORT = false, so webtorrent skips
// WebRTC peers instead of failing.
export const RTCPeerConnection = undefined;
export const RTCSessionDescription = undefined;
export const RTCIceCandidate = undefined;
export default { RTCPeerConnection, RTCSessionDescription, RTCIceCandidate };
