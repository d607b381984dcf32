import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { registerNavigator } from './navigator.ts';

/** Lends react-router's navigate to code outside React (http client, token events). */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((path, options) => navigate(path, options)), [navigate]);
  return null;
}
