import { addEnglishTexts } from './sections';

/**
 * The connect screen's English texts, which come with its code:
 * the modules that show one import this module, and the entry's catalogue (en.ts) leaves them
 * out. Other languages hold them in their one catalogue.
 */
export const enConnect = {
  'app.tagline': 'API keys of your LLM gateway, in one place.',

  'connect.title': 'Connect to your gateway',
  'connect.intro':
    'Enter the admin key of the token service. It is kept only in this tab and forgotten when the tab closes.',
  'connect.adminKey': 'Admin key',
  'connect.adminKeyPlaceholder': 'Paste the admin key',
  'connect.showKey': 'Show key',
  'connect.advanced': 'Advanced',
  'connect.serverAddress': 'Server address',
  'connect.serverAddressHint': 'Leave as it is to use the server this page came from.',
  'connect.kind': 'Server kind',
  'connect.kindHint':
    'Found out by itself on connect; choose one if that fails. For one-api and new-api paste an access token, for LiteLLM its master key.',
  'connect.kindAuto': 'Detect automatically',
  'connect.userId': 'User ID (new-api)',
  'connect.userIdHint': 'Sent as New-Api-User; older new-api releases require it.',
  'connect.badUserId': 'The user ID is a number, such as 1.',
  'connect.submit': 'Connect',
  'connect.keyRequired': 'Enter the admin key.',
  'connect.badAddress': 'Enter an address like https://gateway.example.com or 127.0.0.1:3000.',
  'connect.rejected':
    'The server refused this admin key: it may have been revoked. Connect with another key.',
  'connect.gatewayKey':
    'This is a gateway key: it can verify keys and report usage, not use the dashboard. Connect with an owner, operator or viewer key.',
  'connect.loggedOut': 'You are logged out. The admin key was forgotten.',
} as const;

addEnglishTexts(enConnect);
