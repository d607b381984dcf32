import { useNotificationContext } from 'ra-core';
import { Notification, type NotificationProps } from 'react-admin';

// spec partner-extranet §8-§9: toasts top right for 5000 ms (a call may ask for 6000 ms).
// react-admin shows one toast at a time, each for its whole duration: a newer one waited behind
// it (« Enregistré » seconds after the failure it corrects). As MUI's consecutive snackbars do,
// the toast on screen closes as soon as another waits, and the newer one follows. No mutation of
// the application is undoable (all pessimistic), so closing a toast early cancels nothing.
export function AppNotification(props: NotificationProps) {
  const { notifications } = useNotificationContext();
  // Spread after react-admin's own `open`: only while another waits, never `open: undefined`.
  const newerWaits = notifications.length > 0 ? { open: false } : {};
  return (
    <Notification
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={5000}
      {...props}
      {...newerWaits}
    />
  );
}
