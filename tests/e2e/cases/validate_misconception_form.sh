# shellcheck shell=bash
# Issue #21: the misconception text must fit the sentence the student reads.
make_course
sed -i 's|^// misconception: .*|// misconception: You forgot the mask. Add it.|' "$TMP/course/reference/problem_masks/bugs/no_padding_mask.patch"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_masks
expect_out "no_padding_mask.patch: the misconception \"You forgot the mask. Add it.\" does not fit the sentence the student reads: it must start with a lower-case letter"
# A language's own form of it (issue #40) is held to the same form.
make_course
sed -i 's|^// misconception: \(.*\)|// misconception: \1\n// misconception_python: Forgetting the mask.|' \
    "$TMP/course/reference/problem_masks/bugs/no_padding_mask.patch"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_masks
expect_out "no_padding_mask.patch: the misconception \"Forgetting the mask.\" does not fit the sentence the student reads"
