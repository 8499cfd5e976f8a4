export { base64UrlBytes } from '../common/base64url';
