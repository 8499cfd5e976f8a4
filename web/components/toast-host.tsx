import { ToastContainer, Slide } from 'react-toastify';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../common/constants';

/** Where toasts show: bottom right, one at a time, swiped away sideways. */
export function ToastHost() {
  return <ToastContainer position="bottom-right" limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} transition={Slide} newestOnTop closeOnClick={false} draggable draggableDirection="x" draggablePercent={20} />;
}
