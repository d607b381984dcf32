import { Notification, type NotificationProps } from 'react-admin';

// spec partner-extranet §8-§9: toasts top right for 5000 ms (a call may ask for 6000 ms).
export function AppNotification(props: NotificationProps) {
  return (
    <Notification
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={5000}
      {...props}
    />
  );
}
