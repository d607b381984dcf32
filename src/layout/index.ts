// What the app wiring (App.tsx) and the session pages take from the layout.
export { themeFor } from '../themes/index.ts';
export { Layout } from './Layout.tsx';
export { PublicLayout } from './PublicLayout.tsx';
export { SignInLayout } from './SignInLayout.tsx';
export { TwoColumnLayout } from './TwoColumnLayout.tsx';
