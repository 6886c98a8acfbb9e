import { useSearchParams } from "react-router";

/** The address parameter that opens an owner's edit form in place of its list: ?edit=<id>. */
const EDIT_PARAM = "edit";

/**
 * The item whose form is open (?edit=<id>), with open() and close(): Back closes the form, and
 * closing replaces the address so Forward does not reopen it. The page's other parameters stay.
 */
export function useEditParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const withEdit = (id: string | null) => (current: URLSearchParams) => {
    const params = new URLSearchParams(current);
    if (id === null) params.delete(EDIT_PARAM);
    else params.set(EDIT_PARAM, id);
    return params;
  };
  return {
    editing: searchParams.get(EDIT_PARAM),
    open: (id: string) => setSearchParams(withEdit(id)),
    close: () => setSearchParams(withEdit(null), { replace: true }),
  };
}
