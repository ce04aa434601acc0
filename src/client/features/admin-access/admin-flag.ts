// The administrator flag lives in session storage. It only decides what the UI shows; every administrator
// call is checked on the server against the session cookie.
const KEY = 'adminAccess';

export const adminFlag = {
  get: (): boolean => sessionStorage.getItem(KEY) === 'true',
  set: (): void => sessionStorage.setItem(KEY, 'true'),
  clear: (): void => sessionStorage.removeItem(KEY),
};
